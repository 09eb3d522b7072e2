import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Deep teal: calm, trustworthy, airline-like. Index 7 is the primary shade. */
const brand: MantineColorsTuple = [
  '#e6f7f8',
  '#cdebee',
  '#9bd6dc',
  '#64c0c9',
  '#3aadb8',
  '#1f9fab',
  '#0a7a85', // was #0c8c98 (4.0:1 on white); 5.1:1 now (issue 21 point 12)
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
  '#a65200', // was #fc8c0c (2.3:1 on white)
  '#b25e00',
  '#9a5000',
  '#844400',
];

/*
 * Issue 21 point 12 (decision 020): Mantine's default red, orange, green, teal, yellow and blue are too light for
 * text on white or white on them (red-6 #fa5252: 3.3:1, orange-6 2.6:1, green-6 behind the WhatsApp button 2.2:1).
 * Shades 0-5 stay Mantine's; 6-9 (error text, `c="red"` text = shade 7, filled buttons and badges = shade 7,
 * light badges' text = shade 9) are dark enough for 4.5:1 on white and on their light backgrounds.
 */
const red: MantineColorsTuple = ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#c92a2a', '#b02525', '#9c2020', '#861b1b'];
const orange: MantineColorsTuple = ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#b34700', '#a34100', '#8f3900', '#7a3100'];
const green: MantineColorsTuple = ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#267a36', '#237032', '#1e6130', '#19522a'];
const teal: MantineColorsTuple = ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#087f5b', '#0a7352', '#08664a', '#065840'];
const yellow: MantineColorsTuple = ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#8f5b00', '#855400', '#7a4d00', '#6b4300'];
const blue: MantineColorsTuple = ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#1971c2', '#1864ab', '#155a93', '#124b7a'];

const systemFont =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand, accent, red, orange, green, teal, yellow, blue },
  fontFamily: systemFont,
  headings: { fontFamily: systemFont, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'md', withBorder: true } },
    TextInput: { defaultProps: { radius: 'md' } },
    // Close buttons of dialogs and drawers get a name once here (axe button-name, issue 21 point 12).
    Modal: { defaultProps: { centered: true, closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // The show/hide toggle of password fields is reached with Tab (Mantine leaves it out of the tab order).
    PasswordInput: { defaultProps: { visibilityToggleFocusable: true } },
    // A menu holds menu items only (axe aria-required-children, decision 024): Mantine's empty role="presentation"
    // focus placeholder goes, and an opened menu puts focus on its first item, as the ARIA menu button pattern does.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A table wider than the screen scrolls in its viewport: keyboard users reach it with Tab and scroll it with the
    // arrow keys (axe scrollable-region-focusable); a named region so screen readers say what has focus.
    TableScrollContainer: {
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Scrollable table' } } },
    },
  },
});
