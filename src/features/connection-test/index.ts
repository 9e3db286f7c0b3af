// The connection doctor at /main/test (decision 0020): the realtime hub's mode, the push connection and its ping, the
// price feed and its last tick, the backup polling, the API's round trip and clock skew, the service worker, storage
// and what is ready offline; the report goes to support through the chat (composed by the route).
export { ConnectionTestPage, type ConnectionTestPageProps } from './components/connection-test-page'
