import { createRequire } from 'node:module';
import createModule from '@neslinesli93/qpdf-wasm';

// qpdf (https://qpdf.readthedocs.io), compiled to WebAssembly, run as its command line on a file
// in the instance's memory file system. Decision 0046 says why qpdf and why this package.
//
// The package's build binds console.log and console.error when an instance is made (it prints
// there) and sets process.exitCode when the program ends: both are caught and undone here. Each
// run gets a fresh instance (about 70 ms): qpdf's state never carries from one file to the next,
// and the instance's memory is freed with it.

const WASM = createRequire(import.meta.url).resolve('@neslinesli93/qpdf-wasm/dist/qpdf.wasm');

export interface QpdfRun {
  /** qpdf's exit status: 0 fine, 2 errors, 3 warnings only (for --is-encrypted: 0 encrypted, 2 not). */
  status: number;
  /** What qpdf printed, standard output and errors together. */
  output: string;
  /** Files the run wrote, by the name given in `outputs`. */
  files: Record<string, Uint8Array>;
}

/** Runs `qpdf args…` with the PDF as /in.pdf; `outputs` names files (under /out/) to read back. */
export async function qpdf(bytes: Uint8Array, args: string[], outputs: string[] = []): Promise<QpdfRun> {
  const lines: string[] = [];
  const capture = (...parts: unknown[]) => void lines.push(parts.map(String).join(' '));
  const { log, error } = console;
  const exitCode = process.exitCode;
  console.log = capture;
  console.error = capture;
  let made: ReturnType<typeof createModule>;
  try {
    made = createModule({ locateFile: () => WASM, noInitialRun: true } as never);
  } finally {
    console.log = log;
    console.error = error;
  }
  // The package's types leave out the file system calls used here.
  const q = (await made) as unknown as {
    callMain(args: string[]): number;
    FS: {
      writeFile(path: string, data: Uint8Array): void;
      readFile(path: string): Uint8Array;
      mkdir(path: string): void;
    };
  };
  try {
    q.FS.writeFile('/in.pdf', bytes);
    q.FS.mkdir('/out');
    const status = q.callMain(args);
    const files: Record<string, Uint8Array> = {};
    for (const name of outputs) {
      try {
        files[name] = q.FS.readFile(`/out/${name}`);
      } catch {
        // Not written: the caller sees it missing.
      }
    }
    return { status, output: lines.join('\n'), files };
  } finally {
    process.exitCode = exitCode;
  }
}
