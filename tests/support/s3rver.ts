/**
 * A local S3-protocol server for tests (s3rver, files in a temp dir) with one bucket, on a free port.
 * `env` is what a server needs to use it (the STORAGE_URL contract of config.ts); `requests` lists
 * every request it received ("PUT /bucket/key?partNumber=1&uploadId=…"), so a test can see a multipart
 * upload happen.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import type { IncomingMessage } from 'node:http'

// s3rver ships no types
const S3rver: any = require('s3rver')

export interface S3Server {
  bucket: string
  endpoint: string
  env: Record<string, string>
  requests: string[]
  dir: string
  stop(): Promise<void>
}

export async function startS3rver(bucket = 'haijiao-test'): Promise<S3Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haijiao-s3rver-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket }] })
  const address = (await server.run()) as AddressInfo
  const requests: string[] = []
  server.httpServer.on('request', (req: IncomingMessage) => requests.push(`${req.method} ${req.url}`))
  const endpoint = `http://127.0.0.1:${address.port}`
  return {
    bucket,
    endpoint,
    dir,
    requests,
    env: {
      STORAGE_URL: `s3://${bucket}?endpoint=${endpoint}&region=us-east-1&forcePathStyle=true`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async stop() {
      await server.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
