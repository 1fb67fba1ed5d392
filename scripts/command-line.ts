import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * The command line of an operations script (backup, restore, files:migrate): its options read;
 * --help prints `usage` and ends; an unknown or malformed option prints why and `usage`, and ends
 * with exit code 2.
 */
export function commandLine<T extends ParseArgsConfig>(config: T, usage: string): ReturnType<typeof parseArgs<T>> {
  let parsed: ReturnType<typeof parseArgs<T>>;
  try {
    parsed = parseArgs(config);
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed;
}
