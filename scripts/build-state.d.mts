export declare const root: string;
/** Why a build is needed, or null when the outputs are newer than every source. */
export declare function buildNeeded(): string | null;
