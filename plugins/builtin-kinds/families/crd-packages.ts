import type { ComponentHandler } from 'kurel/plugin-api';

export const kinds: ComponentHandler<any>[] = [];
