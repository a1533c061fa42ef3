/**
 * Types for `@svg-maps/india`: its `index.d.ts` imports `Map` from 'svg-maps__common', a types package that is not
 * published, so without this the default export would be an unresolved (error) type.
 */
declare module 'svg-maps__common' {
  export interface Location {
    /** Lower-case state or UT code, e.g. 'mh'. */
    id: string;
    name: string;
    /** SVG path data in the map's viewBox. */
    path: string;
  }
  export interface Map {
    label: string;
    viewBox: string;
    locations: Location[];
  }
}
