// The user's notifications (spec 3 and 4): the first unread one as an alert on every authenticated screen.
export {
  NotificationAlert,
  type NotificationAlertProps,
  type NotificationPlacement,
} from './components/notification-alert'
