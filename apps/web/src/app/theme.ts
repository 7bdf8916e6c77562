import type { ThemeConfig } from 'antd';

/** The platform's colours: a government green (建材帮帮 is a green-building-material platform). */
export const BRAND = {
  primary: '#1f8a4c',
  deep: '#0f5a31',
  header: '#12693a',
  pageBg: '#f2f5f3',
} as const;

export const theme: ThemeConfig = {
  // No hashed class names: the stylesheets antd's styles are built into (vite-antd-styles.ts) use antd's plain ones.
  hashed: false,
  token: {
    colorPrimary: BRAND.primary,
    // Not the brand green: antd derives info backgrounds from it, and a green-grey info Alert reads as disabled.
    colorInfo: '#1677ff',
    colorLink: BRAND.primary,
    colorSuccess: '#2f9e44',
    colorWarning: '#d48806',
    colorError: '#cf1322',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: {
      headerBg: BRAND.header,
      headerHeight: 56,
      headerPadding: '0 16px',
      siderBg: '#ffffff',
      bodyBg: BRAND.pageBg,
    },
    Menu: {
      itemSelectedBg: '#e6f4ec',
      itemSelectedColor: BRAND.primary,
      itemBorderRadius: 4,
      subMenuItemBg: '#ffffff',
    },
  },
};
