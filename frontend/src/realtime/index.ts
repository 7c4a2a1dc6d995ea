export { startRealtime, getSocket, type AppSocket } from './socket';
export { useSocketStatus, usePolling, useOnReconnect, useSocketEvent, useRoom } from './hooks';
