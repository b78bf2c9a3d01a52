import { createGlobalTheme, createGlobalThemeContract, globalStyle, style } from '@vanilla-extract/css';

/** Design tokens, exposed as `--bo-*` custom properties a host page may override. */
export const vars = createGlobalThemeContract(
  {
    color: {
      brand: 'color-brand',
      brandHover: 'color-brand-hover',
      brandText: 'color-brand-text',
      brandSubtle: 'color-brand-subtle',
      onBrand: 'color-on-brand',
      text: 'color-text',
      textMuted: 'color-text-muted',
      border: 'color-border',
      surface: 'color-surface',
      surfaceSubtle: 'color-surface-subtle',
      surfaceHover: 'color-surface-hover',
      focus: 'color-focus',
      backdrop: 'color-backdrop',
      successText: 'color-success-text',
      successSurface: 'color-success-surface',
      warningText: 'color-warning-text',
      warningSurface: 'color-warning-surface',
      errorText: 'color-error-text',
      errorSurface: 'color-error-surface',
      infoText: 'color-info-text',
      infoSurface: 'color-info-surface',
    },
    font: {
      family: 'font-family',
      size: 'font-size',
      sizeSmall: 'font-size-small',
      sizeLarge: 'font-size-large',
    },
    space: { 1: 'space-1', 2: 'space-2', 3: 'space-3', 4: 'space-4', 6: 'space-6', 8: 'space-8' },
    radius: 'radius',
    zIndex: { overlay: 'z-overlay', toast: 'z-toast', popover: 'z-popover' },
  },
  (value) => `bo-${value}`,
);

createGlobalTheme(':root, :host', vars, {
  color: {
    // Amber fills the primary action and the active menu entry; amber text uses the dark shade
    // (#92400e on white: 7.1:1) because bright amber text fails the 4.5:1 contrast rule.
    brand: '#f59e0b',
    brandHover: '#d97706',
    brandText: '#92400e',
    brandSubtle: '#fef3c7',
    onBrand: '#1c1917',
    text: '#1f2937',
    textMuted: '#4b5563',
    border: '#e5e7eb',
    surface: '#ffffff',
    surfaceSubtle: '#f9fafb',
    surfaceHover: '#f3f4f6',
    focus: '#1d4ed8',
    backdrop: 'rgba(17, 24, 39, 0.45)',
    successText: '#166534',
    successSurface: '#dcfce7',
    warningText: '#92400e',
    warningSurface: '#fef3c7',
    errorText: '#b91c1c',
    errorSurface: '#fee2e2',
    infoText: '#1e40af',
    infoSurface: '#dbeafe',
  },
  font: {
    family: "Poppins, system-ui, -apple-system, 'Segoe UI', sans-serif",
    size: '14px',
    sizeSmall: '12px',
    sizeLarge: '18px',
  },
  space: { 1: '4px', 2: '8px', 3: '12px', 4: '16px', 6: '24px', 8: '32px' },
  radius: '6px',
  zIndex: { overlay: '1000', toast: '1100', popover: '900' },
});

/** The shadow of what floats over the page (a popover, a calendar, the notification centre). */
export const floatingShadow = '0 8px 24px rgba(17, 24, 39, 0.12)';

// Page styles reach a shadow tree only through inherited properties of its host, and an outer
// rule beats :host unless the :host rule is important: reset the host hard, then set our own
// typography on the root inside.
globalStyle(':host', {
  all: 'initial !important' as 'initial',
  display: 'block !important' as 'block',
});
globalStyle(':host([hidden])', { display: 'none !important' as 'none' });

/** The root of every rendered tree (a shadow root's first child, or the SPA's app root). */
export const root = style({
  fontFamily: vars.font.family,
  fontSize: vars.font.size,
  lineHeight: 1.5,
  color: vars.color.text,
  WebkitFontSmoothing: 'antialiased',
  textAlign: 'start',
});

globalStyle(`${root} *, ${root} *::before, ${root} *::after`, { boxSizing: 'border-box' });
globalStyle(`${root} :focus-visible`, { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' });
globalStyle(`${root} button, ${root} input, ${root} select, ${root} textarea`, {
  font: 'inherit',
  color: 'inherit',
});

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
