/**
 * @module cli/api-client
 * The CLI's client for a running server's RESTCONF API: one request with HTTP Basic
 * credentials, the server's certificate checked against `--ca` or not at all (`--insecure`).
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** How to reach a running server. */
export interface ApiTarget {
  /** `https://host:6749` */
  readonly url: string;
  readonly user: string;
  readonly password: string;
  /** PEM file of the certificate (or CA) to trust. */
  readonly ca?: string;
  /** Accept any certificate (the generated self-signed one). */
  readonly insecure?: boolean;
}

/** A response: status, content type and body. */
export interface ApiResponse {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/** Sends one request below the RESTCONF root (`/data…`). */
export const restconfRequest = (
  target: ApiTarget,
  method: string,
  path: string,
  options: { readonly accept?: string; readonly contentType?: string; readonly body?: string } = {},
): Promise<ApiResponse> =>
  new Promise((resolve, reject) => {
    const url = new URL(`/admin/api/restconf${path}`, target.url);
    const headers: Record<string, string> = {
      Authorization: `Basic ${Buffer.from(`${target.user}:${target.password}`).toString('base64')}`,
      ...(options.accept === undefined ? {} : { Accept: options.accept }),
      ...(options.contentType === undefined ? {} : { 'Content-Type': options.contentType }),
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      url,
      {
        method,
        headers,
        rejectUnauthorized: target.insecure !== true,
        ...(target.ca === undefined ? {} : { ca: readFileSync(target.ca) }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });

/** The error message of a failed response: the RESTCONF error messages, else the status. */
export const describeFailure = (response: ApiResponse): string => {
  try {
    const errors = (
      JSON.parse(response.body) as {
        'ietf-restconf:errors'?: { error?: { 'error-message'?: string; 'error-path'?: string }[] };
      }
    )['ietf-restconf:errors']?.error;
    if (errors !== undefined && errors.length > 0)
      return errors.map((error) => `${error['error-path'] ?? ''} ${error['error-message'] ?? ''}`.trim()).join('; ');
  } catch {
    // not JSON: fall through
  }
  return `the server answered ${response.status}`;
};
