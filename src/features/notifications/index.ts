// The user's notifications (docs/product/data-model.md#notification and
// docs/product/orders-and-alerts.md#notifications): the first unread one as an alert on every authenticated screen.
export {
  NotificationAlert,
  type NotificationAlertProps,
  type NotificationPlacement,
} from './components/notification-alert'
