import {
  isCoordinator,
  MAX_JOB_PHOTOS,
  NOT_YOUR_PART_OF_THE_JOB,
  OPEN_MAINTENANCE_STATUSES,
} from "../../../common/domain/maintenance";
import { uploadedPhotoUrl } from "../../../common/domain/photo-sizes";
import { maintenancePart } from "../../access/records";
import type { Database } from "../../db/client";
import { badRequest, ConflictError, ForbiddenError, notFound } from "../../lib/errors";
import {
  countJobPhotos,
  deleteJobPhoto,
  insertJobPhoto,
  type JobView,
} from "../../repositories/maintenance-jobs.repository";
import type { PhotoStore, StagedPhoto } from "../photos/photo-store";
import { factsOf, jobOr404, lockedJobOr404, type Viewer } from "./job-access";
import type { MaintenanceJobReads } from "./job-reads";

export const TOO_MANY_JOB_PHOTOS = `A job can have at most ${MAX_JOB_PHOTOS} photos`;

/** A job's photos: what its reporter or whoever runs it shows of the problem, added and removed while it is open. */
export class JobPhotos {
  constructor(
    private readonly db: Database,
    private readonly photos: PhotoStore,
    private readonly reads: MaintenanceJobReads,
  ) {}

  /**
   * Checks that the viewer may add a photo to the job before the upload is read: its reporter or whoever runs it,
   * while it is open. Answers how many more it may take.
   */
  async photoRoom(viewer: Viewer, jobId: number): Promise<number> {
    const job = takesPhotos(viewer, await jobOr404(this.db, viewer, jobId));
    return Math.max(0, MAX_JOB_PHOTOS - job.photos.length);
  }

  /** POST …/photos: the staged photo is moved into place and its row written; the limit holds under the job lock. */
  async addPhoto(viewer: Viewer, jobId: number, staged: StagedPhoto) {
    await this.photos.keepWith([staged], () =>
      this.db.transaction(async (tx) => {
        takesPhotos(viewer, await lockedJobOr404(tx, viewer, jobId));
        if ((await countJobPhotos(tx, jobId)) >= MAX_JOB_PHOTOS) throw badRequest(TOO_MANY_JOB_PHOTOS);
        await insertJobPhoto(tx, jobId, staged.key, viewer.id);
      }),
    );
    return this.reads.getJob(viewer, jobId);
  }

  /** DELETE …/photos/{photoId}: its files go once its row is gone. */
  async deletePhoto(viewer: Viewer, jobId: number, photoId: number) {
    const key = await this.db.transaction(async (tx) => {
      takesPhotos(viewer, await lockedJobOr404(tx, viewer, jobId));
      const removed = await deleteJobPhoto(tx, jobId, photoId);
      if (!removed) throw notFound("Photo not found");
      return removed;
    });
    await this.photos.remove([uploadedPhotoUrl(key)]);
    return this.reads.getJob(viewer, jobId);
  }
}

/** The job, if the viewer may add or remove its photos: its reporter or whoever runs it, while it is open. */
function takesPhotos(viewer: Viewer, job: JobView): JobView {
  const part = maintenancePart(viewer, factsOf(job));
  if (part !== "reporter" && !isCoordinator(part)) throw new ForbiddenError(NOT_YOUR_PART_OF_THE_JOB);
  if (!(OPEN_MAINTENANCE_STATUSES as readonly string[]).includes(job.job.status)) {
    throw new ConflictError("Photos can be added or removed only while the job is open.");
  }
  return job;
}
