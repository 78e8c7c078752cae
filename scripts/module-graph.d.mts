/** Each API module and the modules it imports, sorted (tests left out). */
export declare function moduleEdges(): Promise<{ from: string; to: string[] }[]>;
/** The graph as a Mermaid block. */
export declare function moduleGraph(): Promise<string>;
/** `document` with the text between its markers replaced by `graph`. */
export declare function withGraph(document: string, graph: string): string;
