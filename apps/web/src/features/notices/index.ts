export { NoticeModal } from './NoticeModal';
export { sanitizeHtml } from './sanitize';
