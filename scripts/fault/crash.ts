// Crash test: the API killed with SIGKILL at random moments under concurrent writes and
// uploads (API_KILLS, 20), and the database server killed (kill -9 of every PostgreSQL process)
// and restarted under load (DB_KILLS, 3) while the API keeps running. Afterwards every write the
// API acknowledged must be there, nothing half-written, and the app must have recovered by itself.
//
// `--negative-control`: the same load and database kills on a cluster with durability switched
// off (synchronous_commit = off, WAL written every 10 s, no fsync). The checker must then find
// acknowledged writes missing: proof that it can see a loss at all.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { OUT_DIR, Scenario, log, now, percentile, sleep } from './lib.ts';
import { Ledger, check, loadFixture, runClient } from './workload.ts';

const negative = process.argv.includes('--negative-control');
const scenario = negative ? 'negative-control' : 'crash';
const API_KILLS = negative ? 0 : Number(process.env.API_KILLS ?? 20);
const DB_KILLS = Number(process.env.DB_KILLS ?? (negative ? 5 : 3));

const rand = (min: number, max: number) => min + Math.random() * (max - min);

async function main() {
  const run = new Scenario(scenario, { durable: !negative });
  const { cluster, failures } = run;
  const dataDir = run.tempDir('data');
  const api = await run.api({ databaseUrl: cluster.url(), dataDir });
  const ledger = new Ledger();
  const stop = { now: false };
  const apiRecoveries: number[] = [];
  const firstWriteAfterApiRestart: number[] = [];
  let apiCrashes = 0;
  const dbRecoveries: { dbStartMs: number; apiHealthyMs: number; firstWriteMs: number | null; apiPidSame: boolean }[] =
    [];
  await run.run(
    async () => {
      await cluster.init();
      api.opts.databaseUrl = cluster.url(); // the port is known once the cluster exists
      log(
        scenario,
        `PostgreSQL ${cluster.opts.durable ? '(durable)' : '(DURABILITY OFF)'} on port ${cluster.port}, API on ${api.base}, data ${dataDir}`,
      );
      let t = now();
      api.start();
      log(scenario, `API healthy after ${(await api.waitHealthy(t, 300_000)).toFixed(0)} ms (first start, demo data)`);
      const fixture = await loadFixture(cluster);
      const runId = randomBytes(3).toString('hex');
      const opts = { base: () => api.base, fixture, ledger, runId, stop };
      const clients = [
        runClient('op1', 'operator', opts),
        runClient('op2', 'operator', opts),
        runClient('adm1', 'admin', opts),
        runClient('adm2', 'admin', opts),
        runClient('kgb1', 'kgb', opts),
      ];
      const clientErrors = Promise.allSettled(clients);
      await sleep(2000);

      /** ms from `since` (performance.now) until the ledger grows past `count`. */
      const firstAckAfter = async (count: number, since: number, timeoutMs = 60_000) => {
        while (ledger.acks.length <= count && now() - since < timeoutMs) await sleep(20);
        return ledger.acks.length > count ? now() - since : null;
      };

      let sinceLastKill = ledger.acks.length;
      const acksSinceLastKill = () => {
        const n = ledger.acks.length - sinceLastKill;
        sinceLastKill = ledger.acks.length;
        return n;
      };
      for (let i = 1; i <= API_KILLS; i++) {
        await sleep(rand(1500, 5000));
        const acked = acksSinceLastKill();
        api.kill('SIGKILL');
        await api.exit;
        t = now();
        api.start();
        const healthy = await api.waitHealthy(t);
        apiRecoveries.push(healthy);
        const write = await firstAckAfter(ledger.acks.length, t);
        if (write !== null) firstWriteAfterApiRestart.push(write);
        log(
          scenario,
          `API kill ${i}/${API_KILLS} (${acked} writes acknowledged since the last kill): restarted, healthy in ${healthy.toFixed(0)} ms, first acknowledged write after ${write?.toFixed(0) ?? '—'} ms`,
        );
      }

      for (let i = 1; i <= DB_KILLS; i++) {
        await sleep(rand(2000, 5000));
        const pid = api.pid;
        const acked = acksSinceLastKill();
        const killed = cluster.killHard();
        await sleep(500);
        t = now();
        const dbStartMs = cluster.start();
        let apiHealthyMs: number;
        try {
          apiHealthyMs = await api.waitHealthy(t, 60_000);
        } catch (err) {
          if (api.alive()) throw err;
          // The API died with the database (a defect, counted below): restart it as a supervisor
          // would, so the run goes on and the acknowledged writes are still checked.
          api.start();
          apiHealthyMs = await api.waitHealthy(t);
        }
        const firstWriteMs = await firstAckAfter(ledger.acks.length, t);
        const apiPidSame = api.pid === pid;
        if (!apiPidSame) {
          apiCrashes++;
          // The negative control tests the checker; a crash there is only counted.
          if (!negative)
            failures.push(
              `database kill ${i}: the API process did not survive (restarted; see ${path.basename(api.opts.logFile)})`,
            );
        }
        dbRecoveries.push({
          dbStartMs: Math.round(dbStartMs),
          apiHealthyMs: Math.round(apiHealthyMs),
          firstWriteMs: firstWriteMs && Math.round(firstWriteMs),
          apiPidSame,
        });
        log(
          scenario,
          `database kill ${i}/${DB_KILLS} (${killed} processes, ${acked} writes acknowledged since the last kill): restarted with crash recovery in ${dbStartMs.toFixed(0)} ms; API (same process: ${apiPidSame}) healthy ${apiHealthyMs.toFixed(0)} ms and first acknowledged write ${firstWriteMs?.toFixed(0) ?? '—'} ms after the restart began`,
        );
      }
      await sleep(2000);
      stop.now = true;
      for (const r of await clientErrors)
        if (r.status === 'rejected') failures.push(`a client failed: ${(r.reason as Error).message}`);
      await api.stop();

      const report = await check(cluster, path.join(dataDir, 'files'), ledger);
      writeFileSync(
        path.join(OUT_DIR, `${scenario}-ledger.jsonl`),
        ledger.acks.map((e) => JSON.stringify(e)).join('\n') + '\n',
      );
      const figures = {
        apiKills: API_KILLS,
        dbKills: DB_KILLS,
        durable: cluster.opts.durable,
        writesAttempted: ledger.attempts,
        writesAcknowledged: report.acknowledged,
        acknowledgedByOp: report.byOp,
        writesLost: report.lost.length,
        halfWritten: report.halfWritten.length,
        filesChecked: report.filesChecked,
        orphanFiles: report.orphanFiles,
        tempFiles: report.tempFiles,
        lettersSigned: report.lettersSigned,
        lettersLeftSigning: report.lettersSigning,
        answers: Object.fromEntries(ledger.statuses),
        unexpectedAnswers: ledger.unexpected.length,
        apiRestartToHealthyMs: { median: percentile(apiRecoveries, 50), max: percentile(apiRecoveries, 100) },
        apiRestartToFirstWriteMs: {
          median: percentile(firstWriteAfterApiRestart, 50),
          max: percentile(firstWriteAfterApiRestart, 100),
        },
        dbRecoveries,
        apiCrashesOnDatabaseKill: apiCrashes,
        lostExamples: report.lost.slice(0, 10),
        halfWrittenExamples: report.halfWritten.slice(0, 10),
        unexpectedExamples: ledger.unexpected.slice(0, 10),
      };
      if (negative) {
        // The control passes when the checker sees the loss.
        if (report.lost.length === 0)
          failures.push('durability off, yet no acknowledged write was found missing: the checker cannot see a loss');
      } else {
        for (const l of report.lost) failures.push(`lost: ${l}`);
        for (const h of report.halfWritten) failures.push(`half-written: ${h}`);
        for (const u of ledger.unexpected) failures.push(`unexpected answer: ${u}`);
        if (report.acknowledged < 100)
          failures.push(`only ${report.acknowledged} writes acknowledged: the load did not run`);
      }
      return figures;
    },
    {
      figuresOnAbort: () => ({ writesAcknowledged: ledger.acks.length }),
      cleanup: () => {
        stop.now = true;
      },
    },
  );
}

await main();
process.exit(0);
