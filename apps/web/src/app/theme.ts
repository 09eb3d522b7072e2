import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Deep teal: calm, trustworthy, airline-like. Index 7 is the primary shade. */
const brand: MantineColorsTuple = [
  '#e6f7f8',
  '#cdebee',
  '#9bd6dc',
  '#64c0c9',
  '#3aadb8',
  '#1f9fab',
  '#0c8c98',
  '#0b6e79',
  '#075c66',
  '#004851',
];

/**
 * Warm accent for calls to action on the public site. Index 7 (the shade the buttons and badges use, with
 * white text) is dark enough for a 4.5:1 contrast with white (#b25e00: 4.7:1; the former #e17900 gave 3.0:1).
 */
const accent: MantineColorsTuple = [
  '#fff4e1',
  '#ffe8cc',
  '#fed09b',
  '#fdb766',
  '#fca13a',
  '#fc931d',
  '#fc8c0c',
  '#b25e00',
  '#9a5000',
  '#844400',
];

const systemFont =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand, accent },
  fontFamily: systemFont,
  headings: { fontFamily: systemFont, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'md', withBorder: true } },
    TextInput: { defaultProps: { radius: 'md' } },
    Modal: { defaultProps: { centered: true } },
  },
});
