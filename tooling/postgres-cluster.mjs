// A throwaway PostgreSQL server for tests and benchmarks: initdb in a temporary folder, started
// with pg_ctl on 127.0.0.1 and a free port, stopped and removed afterwards. PostgreSQL refuses to
// run as root, so as root the binaries run as the `postgres` user (runuser). Debian's
// `postgresql` package provides them; .ci/run installs it. Where they are missing, tests skip with
// a loud printed reason on a developer's machine and fail in CI (env CI set): see postgresGate().
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./test-support.mjs";

const DEBIAN_ROOT = "/usr/lib/postgresql";
const INSTALL_HINT =
  "install them (Debian/Ubuntu: apt-get update && apt-get install -y postgresql), or set POSTGRES_BIN_DIR to the folder holding pg_ctl";

/** Folders that may hold initdb and pg_ctl, best first: POSTGRES_BIN_DIR, Debian's newest major, PATH. */
function candidateDirs() {
  const debian = fs.existsSync(DEBIAN_ROOT)
    ? fs
        .readdirSync(DEBIAN_ROOT)
        .filter((major) => /^\d+$/.test(major))
        .sort((a, b) => Number(b) - Number(a))
        .map((major) => path.join(DEBIAN_ROOT, major, "bin"))
    : [];
  const onPath = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
  return [process.env.POSTGRES_BIN_DIR, ...debian, ...onPath].filter(Boolean);
}

const hasServerBinaries = (dir) =>
  fs.existsSync(path.join(dir, "pg_ctl")) && fs.existsSync(path.join(dir, "initdb"));

/** The folder holding initdb and pg_ctl, or an Error naming the install command. */
export function postgresBinDir() {
  const found = candidateDirs().find(hasServerBinaries);
  if (!found) {
    throw new Error(
      `PostgreSQL server binaries (initdb, pg_ctl) not found in POSTGRES_BIN_DIR, ${DEBIAN_ROOT}/*/bin or PATH; ${INSTALL_HINT}.`,
    );
  }
  return found;
}

/**
 * Whether this machine can run the PostgreSQL tests: `{ run: true }`, or `{ run: false, reason }`
 * after printing the reason loudly to stderr. In CI (env CI set, as .ci/run does) a missing
 * install throws instead, so CI never passes by skipping.
 * @example const gate = postgresGate(); describe.skipIf(!gate.run)("postgres", () => { … });
 */
export function postgresGate() {
  try {
    postgresBinDir();
    return { run: true, reason: "" };
  } catch (error) {
    if (process.env.CI)
      throw new Error(`${error.message} CI is set, so this fails instead of skipping.`);
    const reason = `SKIPPED: the PostgreSQL tests did not run. ${error.message} With CI set they fail instead.`;
    const rule = "!".repeat(78);
    process.stderr.write(`\n${rule}\n${reason}\n${rule}\n\n`);
    return { run: false, reason };
  }
}


/**
 * Starts a cluster; resolves `{ url, port, createDatabase(name), stop() }`.
 * @example const pg = await startPostgres(); const url = await pg.createDatabase("t1"); … await pg.stop();
 */
export async function startPostgres() {
  const bin = postgresBinDir();
  const asRoot = process.getuid?.() === 0;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "foundry-pg-"));
  const data = path.join(root, "data");
  const run = (tool, args) =>
    execFileSync(
      asRoot ? "runuser" : path.join(bin, tool),
      asRoot ? ["-u", "postgres", "--", path.join(bin, tool), ...args] : args,
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
  let port;
  let options;
  const start = () =>
    run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(root, "server.log"), "-w", "-t", "60", "start"]);
  try {
    fs.mkdirSync(data);
    if (asRoot) {
      execFileSync("chown", ["-R", "postgres:postgres", root]);
      fs.chmodSync(root, 0o755);
    }
    run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
    port = await freePort();
    options = `-h 127.0.0.1 -p ${port} -k ${root} -c fsync=off -c max_connections=200`;
    start();
  } catch (error) {
    // A cluster that never started leaves nothing behind: its folder goes, with the server's log
    // told in the error first (a port taken between freePort and pg_ctl, a full disk…).
    const log = fs.existsSync(path.join(root, "server.log")) ? fs.readFileSync(path.join(root, "server.log"), "utf8").slice(-2_000) : "";
    // pg_ctl may give up waiting on a server that then comes up: stop it before its folder goes.
    if (fs.existsSync(path.join(data, "postmaster.pid"))) {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "-t", "30", "stop"]);
      } catch {
        // Not running after all.
      }
    }
    fs.rmSync(root, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}${log ? `\nserver.log (end):\n${log}` : ""}`, { cause: error });
  }
  let stopped = false;
  let halted = false;
  const url = (database) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url: url("postgres"),
    /** The postmaster's pid (its backends are its children), from the cluster's postmaster.pid. */
    pid: Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]),
    /** Creates an empty database and returns its URL. */
    createDatabase(name) {
      run("psql", [
        "-h",
        "127.0.0.1",
        "-p",
        String(port),
        "-U",
        "postgres",
        "-q",
        "-c",
        `CREATE DATABASE "${name}"`,
      ]);
      return url(name);
    },
    /** Stops the server (fast shutdown) and keeps its data: clients see it go away (readiness tests). */
    halt() {
      run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      halted = true;
    },
    /** Starts a halted server again on the same port with the same data. */
    restart() {
      start();
      halted = false;
    },
    /** Stops the server (fast shutdown) and removes its folder. */
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        if (!halted) run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
