// WCAG AA (4.5:1) for text, on white and on the page's grey: antd's defaults give its blue 4.1:1 (white text on
// it, links on white), its secondary texts (breadcrumb, descriptions) 3.3:1, its placeholders 1.8:1 and its red
// 3.3:1; in the dark theme its secondary texts 4.4:1 and its red 4.3:1. A deeper blue, darker greys and red in the
// light theme, lighter ones in the dark (each at least 4.6:1 where it is shown).
export const contrastTokens = {
  light: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    colorError: '#cf1322',
  },
  dark: {
    colorLink: '#4096ff',
    colorTextDescription: 'rgba(255, 255, 255, 0.6)',
    colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
    colorError: '#ff7875',
  },
} as const;
