// `npm run bsre:sim`: the BSrE Esign Client Service simulator (server/test/bsre-simulator.ts) on a
// port of this machine, for a demo of SIGNER=bsre without BSrE. Prints the settings for Sidasek and
// writes the simulator's test CA to a file, so pdfsig can be told to trust it. Stop it with Ctrl+C.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startBsreSimulator, SIMULATOR_SEALS, SIMULATOR_USERS } from '../server/test/bsre-simulator.ts';

const port = Number(process.env.BSRE_SIM_PORT || 8089);
const latencyMs = Number(process.env.BSRE_SIM_LATENCY_MS || 0);
const sim = await startBsreSimulator({
  port,
  host: process.env.BSRE_SIM_HOST || '127.0.0.1',
  latencyMs,
  username: process.env.BSRE_USERNAME || undefined,
  password: process.env.BSRE_PASSWORD || undefined,
});
const caFile = path.resolve(process.env.BSRE_SIM_CA_FILE || '.tmp/bsre-sim-ca.pem');
mkdirSync(path.dirname(caFile), { recursive: true });
writeFileSync(caFile, sim.caPem);
console.log(`Simulator BSrE (Esign Client Service v2) berjalan di ${sim.url}${latencyMs ? `, menjawab tanda tangan dalam ${latencyMs} ms` : ''}

Jalankan Sidasek dengannya:
  SIGNER=bsre BSRE_URL=${sim.url} BSRE_USERNAME=${sim.username} BSRE_PASSWORD=${sim.password} npm start

Penanda tangan yang dikenal (passphrase, kode TOTP):
${SIMULATOR_USERS.map((u) => `  ${u.nik}  ${u.status.padEnd(14)} ${u.nama} (${u.passphrase}, ${u.totp})`).join('\n')}
  NIK lain: tidak terdaftar. Passphrase sim-lambat, sim-galat, sim-putus: jawaban lambat, galat 500, sambungan putus.

Segel elektronik kantor (daftar nominatif dan surat pembatalan; tambahkan BSRE_SEAL_ID_SUBSCRIBER):
${SIMULATOR_SEALS.map((s) => `  BSRE_SEAL_ID_SUBSCRIBER=${s.idSubscriber}  ${s.nama} (kode TOTP segel ${s.activationTotp})`).join('\n')}

Sertifikat CA uji: ${caFile}
  certutil -N -d sql:DIR --empty-password && certutil -A -d sql:DIR -n bsre-sim -t CT,C,C -a -i ${caFile}
  pdfsig -nssdir sql:DIR surat.pdf`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void sim.close().then(() => process.exit(0)));
