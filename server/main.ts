// The server's entry point (scripts/server-command.mjs): everything it does is in serve.ts.
import { serve } from './serve.ts';

await serve();
