import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ok } from '../../lib/envelope'
import { AppError } from '../../lib/app-error'
import { UPLOAD_LIMITS, type UploadKind } from '@contracts/api'

/** Videos are site content: only admin accounts upload them (checked before a byte is streamed). */
async function requireAdmin(app: FastifyInstance, req: FastifyRequest) {
  if (req.auth!.client !== 'admin' || !(await app.services.permission.adminAccess(req.auth!.userId))) throw new AppError(402, { httpStatus: 403 })
}

export default async function fileRoutes(app: FastifyInstance) {
  const service = app.services.file
  app.post<{ Querystring: { kind?: UploadKind } }>(
    '/file/info/single/upload',
    {
      schema: {
        tags: ['file'],
        summary: 'Upload one file (multipart field "file"); limits: image 4 MB, avatar/logo/videoCover 400 KB, chat 100 MB, video (admins, MP4/WebM) 100 MB',
        querystring: {
          type: 'object',
          properties: { kind: { type: 'string', enum: Object.keys(UPLOAD_LIMITS), default: 'image' } },
        },
      },
      preHandler: app.authorize('user'),
    },
    async (req) => {
      const kind = (req.query.kind ?? 'image') as UploadKind
      if (kind === 'video') await requireAdmin(app, req)
      if (!req.isMultipart()) throw new AppError(301, { field: 'file', result: { field: 'file', reason: 'notMultipart' } })
      const part = await req.file({ limits: { fileSize: UPLOAD_LIMITS[kind], files: 1 } })
      return ok(req, await service.save(kind, part))
    },
  )
}
