declare const __JCBB_SIGNING__: { appCode: string; authKey: string; secret: string };
/**
 * True in a built app, whose antd component styles are stylesheets made at build time (vite-antd-styles.ts), so antd
 * must not generate them again; false on the development server (Vite pre-bundles antd without the plugin).
 */
declare const __ANTD_STYLES_BUILT__: boolean;
