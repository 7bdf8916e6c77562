import { z } from 'zod';

// Chinese first: zod's messages in zh-CN for every schema of client and server (GB/T 37668 labels aside). Every
// schema module takes `z` from here, so the locale is set wherever a schema exists; this is the package's only
// module with a side effect (package.json "sideEffects"), so a bundle that needs no schema carries no zod.
z.config(z.locales.zhCN());

export { z };
