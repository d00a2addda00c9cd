import http from "node:http";

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One GET as the bytes came over the wire (fetch would decompress them). */
export function rawGet(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

/** What a client sees of an answer, aside from the headers that name the moment and the request. */
export const asSent = ({ status, headers, body }: RawAnswer) => {
  const { date: _date, "x-request-id": _requestId, ...rest } = headers;
  return { status, headers: rest, body: body.toString("base64") };
};
