# workerd's config for `npm run test:runtimes`: examples/runtimes/worker.ts bundled by esbuild
# (scripts/runtimes.ts writes it beside this file's target), served as a module worker with no
# Node compatibility flag. The socket's address is given on the command line
# (--socket-addr http=127.0.0.1:<free port>).
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:8787", http = (), service = "main")],
);

const worker :Workerd.Worker = (
  modules = [(name = "worker.mjs", esModule = embed "../../.runtimes/build/worker.mjs")],
  compatibilityDate = "2026-11-01",
);
