// The seed's program as a user writes it: a host with the scripted model asks "19 加 23" of the
// add server, spawned as its own process over stdio (`node seed-program.js <add-server.js>`). The
// bench bundles and minifies this file alone (the server is a separate program) to measure what the
// host, client and stdio transport weigh together; it prints the answer, 19 加 23 等于 42。

import { McpClient } from '../../src/client/index.js';
import { Host, Policy, ScriptedModel } from '../../src/host/index.js';
import { spawnStdio } from '../../src/node.js';

const server = process.argv[2];
if (server === undefined) throw new Error('usage: seed-program <add-server.js>');
const host = new Host({ policy: new Policy({ approve: ['calc/add'] }) });
try {
  await host.addServer('calc', await McpClient.connect(spawnStdio(process.execPath, [server])));
  console.log(await host.ask(new ScriptedModel(), '19 加 23'));
} finally {
  await host.close();
}
