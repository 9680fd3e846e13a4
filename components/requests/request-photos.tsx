// A request's photos as thumbnails, each a link to the photo at full size: on the homeowner's order page
// (the request's, and a reported problem's in its own section) and with the offer on the handyman's /pro (read there for the whole page at once, lib/handymen/offers).
// The caller has already decided the viewer may see the request; the photo route decides again for every image.
import { getTranslations } from "next-intl/server";
import { photoPath, type PhotoSummary } from "@/lib/photos/photos";
import styles from "./request-life.module.css";

/**
 * The thumbnails of `photos` (already read); nothing when there are none. Photos of a reported problem
 * (lib/photos/photos.ts, part "problem") are a list of their own, named as such.
 */
export async function PhotoThumbnailList({ requestId, photos }: { requestId: string; photos: PhotoSummary[] }) {
  if (photos.length === 0) return null;
  const t = await getTranslations("job");
  const ofRequest = photos.filter((photo) => photo.part !== "problem");
  const ofProblem = photos.filter((photo) => photo.part === "problem");
  return (
    <>
      <Thumbnails requestId={requestId} photos={ofRequest} label={t("photos.heading")} alt={(values) => t("photos.alt", values)} testId="request-photos" />
      <Thumbnails requestId={requestId} photos={ofProblem} label={t("problemPhotos.heading")} alt={(values) => t("problemPhotos.alt", values)} testId="problem-photos" />
    </>
  );
}

function Thumbnails({ requestId, photos, label, alt, testId }: { requestId: string; photos: PhotoSummary[]; label: string; alt: (values: { number: number; count: number }) => string; testId: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className={styles.photos} aria-label={label} data-testid={testId}>
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a href={photoPath(requestId, photo.id)}>
            {/* eslint-disable-next-line @next/next/no-img-element -- served by the API to who may see it, never through the image optimiser */}
            <img
              src={photoPath(requestId, photo.id, "thumb")}
              alt={alt({ number: index + 1, count: photos.length })}
              width={photo.thumbWidth}
              height={photo.thumbHeight}
              loading="lazy"
              className={styles.photoThumb}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
