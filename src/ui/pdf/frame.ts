import type { CSSProperties } from 'react';

/**
 * The frame's height from the spec (SPEC section 9) as a CSS variable: wide screens use
 * it as it is, phones cap it to the screen (styles.css). The viewer and the placeholder
 * shown while the viewer's code loads share it, so nothing moves when one replaces the other.
 */
export const frameHeight = (height: number) => ({ '--pdf-height': `${height}px` }) as CSSProperties;

/** Page height over width of A4, the size of every PDF the portal makes or asks for. */
export const A4_RATIO = Math.SQRT2;

/** Zoom steps, 1 being the page fitted to the frame's width. */
export const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3] as const;
