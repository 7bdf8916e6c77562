declare const __JCBB_SIGNING__: { appCode: string; authKey: string; secret: string };
