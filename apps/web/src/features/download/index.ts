export { DownloadModal, DownloadPanel } from './DownloadPanel';
