export { PwaUpdatePrompt } from './pwa-update-prompt'
