export declare const root: string;
/** Why a build is needed, or null when the outputs are newer than every source. */
export declare function buildNeeded(): string | null;
/** Where the built web app is: WEB_DIST_DIR, else apps/web/dist. */
export declare function webDistDir(env?: NodeJS.ProcessEnv): string;
/** Where the API bundle is: API_DIST_DIR, else apps/api/dist. */
export declare function apiDistDir(env?: NodeJS.ProcessEnv): string;
