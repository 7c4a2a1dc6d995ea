export { startRealtime, getSocket, onServerEvent, type AppSocket } from './socket';
export { useConnectionLost, useSocketStatus, useRoom } from './hooks';
export { useLiveInfiniteQuery, useLiveQuery } from './liveQuery';
export { connectRealtimeToQueries } from './queryBridge';
export { sendChat } from './chatSend';
