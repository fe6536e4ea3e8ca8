#!/usr/bin/env node
/**
 * A throwaway PostgreSQL server on loopback, for tests and benchmarks on the real thing:
 * initdb in a temp folder, start on a free port, run a command with DATABASE_URL set, stop
 * and delete the folder. Uses Debian's `postgresql` package (/usr/lib/postgresql/<v>/bin).
 *   node tools/postgres.js -- <command> [args…]
 * As root, the server runs as the `postgres` user (PostgreSQL refuses to run as root).
 * The command also gets ORBIT_PG_DATA, ORBIT_PG_BIN, ORBIT_PG_RUN_AS and ORBIT_PG_OPTIONS, so
 * fault tests can restart, stop or freeze the server (tools/pg-control.js).
 * POSTGRES_OPTIONS adds server settings ("-c name=value …").
 */
const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const { freePort } = require('./free-port');
const os = require('os');
const path = require('path');

function binDir() {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  }
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (found) return path.dirname(fs.realpathSync(found));
  throw new Error('PostgreSQL is not installed: apt-get install -y postgresql');
}

async function main() {
  const separator = process.argv.indexOf('--');
  const command = separator === -1 ? [] : process.argv.slice(separator + 1);
  if (command.length === 0) {
    console.error('usage: node tools/postgres.js -- <command> [args…]');
    process.exit(2);
  }
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  // Runs a PostgreSQL tool, as `postgres` when we are root.
  const pgTool = (tool, args) => {
    const full = path.join(bin, tool);
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' })
      : spawnSync(full, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
    return result.stdout;
  };

  const port = await freePort();
  let started = false;
  const stop = () => {
    if (started) {
      try {
        pgTool('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w']);
      } catch (error) {
        console.error(String(error));
      }
      started = false;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    pgTool('initdb', ['-D', data, '-U', 'orbit', '--auth=trust', '-E', 'UTF8', '--no-locale']);
    // POSTGRES_OPTIONS: more server settings, e.g. "-c shared_buffers=1GB" (the server bench sets some).
    const extra = process.env.POSTGRES_OPTIONS ? ` ${process.env.POSTGRES_OPTIONS}` : '';
    const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off${extra}`;
    pgTool('pg_ctl', ['start', '-D', data, '-w', '-l', path.join(dir, 'server.log'), '-o', serverOptions]);
    started = true;
    const databaseUrl = `postgres://orbit@127.0.0.1:${port}/postgres`;
    console.log(`PostgreSQL ${path.basename(path.dirname(bin))} on 127.0.0.1:${port} (${dir})`);
    // Fault tests and the chaos script restart, stop and freeze this server: where it is and how to run its tools.
    // POSTGRES_LOG: the server's log file, for a command that reads it (the server bench's slow plans).
    const control = {
      ORBIT_PG_DATA: data,
      ORBIT_PG_BIN: bin,
      ORBIT_PG_RUN_AS: asRoot ? 'postgres' : '',
      ORBIT_PG_OPTIONS: serverOptions,
      POSTGRES_LOG: path.join(dir, 'server.log'),
    };
    const child = spawn(command[0], command.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: databaseUrl, ...control },
      shell: process.platform === 'win32',
    });
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    const code = await new Promise((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
    stop();
    process.exit(code);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    stop();
    process.exit(1);
  }
}

main();
