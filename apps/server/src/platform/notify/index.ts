export {
  getNotifier,
  type Mailer,
  type MailMessage,
  outboxAddress,
  type PhoneNumber,
  registerDevOutbox,
  type SmsSender,
} from './notify.ts';
export { type NotifyLanguage, type NotifyText, notifyLanguage, notifyText } from './texts.ts';
