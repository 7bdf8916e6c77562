/** The part of autocannon 9's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  export interface RequestData {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  export interface RequestSpec extends RequestData {
    /** Called before every request is sent; returns the request to send. */
    setupRequest?: (request: RequestData, context: Record<string, unknown>) => RequestData;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    requests?: RequestSpec[];
    /** A falsy answer counts the response in `mismatches`. */
    verifyBody?: (body: string) => boolean;
    title?: string;
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    p99_9: number;
  }

  export interface Result {
    title?: string;
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  function autocannon(options: Options): PromiseLike<Result> & { stop(): void };
  export default autocannon;
}
