export { SportsbookEventScreen, SportsbookLobbyScreen } from './SportsbookScreens';
