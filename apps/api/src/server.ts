import { ConfigError, loadConfig } from './config.ts';
import { DatabaseLockedError } from './db/client.ts';
import { start } from './main.ts';

try {
  const stop = await start(loadConfig());
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    console.error(`skolar: ${error.message}`);
  } else {
    console.error('skolar: failed to start:', error);
  }
  process.exit(1);
}
