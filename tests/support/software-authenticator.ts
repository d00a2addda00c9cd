import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A software authenticator for tests: one passkey on a pretend device, answering WebAuthn's create() and get() as a
 * platform authenticator does (an ES256 key pair, authenticator data and a "none" attestation built byte by byte, and
 * the client data a browser would sign), so the server's checks meet real signatures.
 */
export const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const uint32 = (n: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
};

/** One passkey on a pretend device: its key pair, its id and its signature counter. */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  counter = 0;
  userHandle = "";

  private coseKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? "", "base64url")],
        [-3, Buffer.from(jwk.y ?? "", "base64url")],
      ]),
    );
  }

  /** navigator.credentials.create() answered: attestation "none". */
  create(options: Record<string, unknown>, origin: string) {
    const rpId = (options.rp as { id: string }).id;
    this.userHandle = (options.user as { id: string }).id;
    const clientDataJSON = JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin });
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      uint32(this.counter),
      Buffer.alloc(16), // AAGUID
      Buffer.from([0, this.credentialId.length]),
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ["fmt", "none"],
        ["attStmt", new Map<string, never>()],
        ["authData", authData],
      ]),
    );
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** navigator.credentials.get() answered: a signature over the authenticator data and the client data's hash. */
  get(options: Record<string, unknown>, { origin, counter = this.counter + 1 }: { origin: string; counter?: number }) {
    this.counter = counter;
    const rpId = options.rpId as string;
    const clientDataJSON = JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin });
    const authData = Buffer.concat([sha256(rpId), Buffer.from([0x05]), uint32(counter)]);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    };
  }

  /** Another device's key under this one's id: a forged signature. */
  forged(options: Record<string, unknown>, origin: string) {
    const answer = this.get(options, { origin });
    const other = createPrivateKey(
      generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "pem", type: "pkcs8" }),
    );
    const authData = Buffer.from(answer.response.authenticatorData, "base64url");
    const clientData = Buffer.from(answer.response.clientDataJSON, "base64url");
    answer.response.signature = b64url(sign("sha256", Buffer.concat([authData, sha256(clientData)]), other));
    return answer;
  }
}
