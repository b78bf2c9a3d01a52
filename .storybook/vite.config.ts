import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Storybook's own Vite setup: the components as a React host uses them, styles in the document. */
export default defineConfig({ plugins: [react(), vanillaExtractPlugin()] });
