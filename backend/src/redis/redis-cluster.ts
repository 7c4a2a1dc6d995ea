import { createCluster } from 'redis';

export type RedisClusterClient = ReturnType<typeof createCluster>;

/** A node-redis cluster client on REDIS_CLUSTER_NODES (host:port,…); it learns the rest of the cluster from them. */
export async function connectRedisCluster(nodes: string): Promise<RedisClusterClient> {
  const cluster = createCluster({ rootNodes: nodes.split(',').map((n) => ({ url: `redis://${n}` })) });
  // Errors surface on the commands (best effort like every push); an 'error' listener keeps them from crashing the process.
  cluster.on('error', () => undefined);
  await cluster.connect();
  return cluster;
}
