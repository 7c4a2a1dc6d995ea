/** The Socket.IO Redis adapter's channel prefix: every deployment (and test file) gets its own. */
export const socketChannelPrefix = (redisPrefix: string) => `${redisPrefix}:socket.io`;
