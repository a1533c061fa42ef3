/*
 * The libraries the app's own file needs (state machines, decoding, styling, routing), gathered in one file the
 * entry evaluates on its own, in a task between React's and the app's, so that no task of the load runs long.
 * The build puts these packages in this module's file (vite.config.ts); importing it runs them. The names below
 * only give the import something to hold: the app imports the packages directly.
 */
export { fromPromise } from 'xstate';
export { useSelector } from '@xstate/react';
export { type } from 'io-ts';
export { default as styled } from 'styled-components';
export { Router } from 'wouter';
