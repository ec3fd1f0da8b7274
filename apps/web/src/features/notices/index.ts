export { NoticeModal } from './NoticeModal';
