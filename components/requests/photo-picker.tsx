"use client";
// The photos of the request form. Without JavaScript this is a plain file input (name "photos",
// several files) whose files the form posts with the request. With it, each chosen photo gets a preview
// and a remove button before sending; the form posts without them, and once the request is stored each
// is sent on its own to POST /api/requests/{id}/photos with a progress bar (uploadPickedPhotos).
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { ACCEPTED_PHOTO_TYPES, MAX_PHOTO_BYTES, MAX_PHOTOS_PER_REQUEST, PHOTO_INPUT_ACCEPT, PHOTOS_FIELD } from "@/lib/photos/limits";
import styles from "./request.module.css";

export type PickedPhoto = {
  key: string;
  file: File;
  preview: string;
  /** 0–100 while sending, null before. */
  progress: number | null;
  sent: boolean;
};

const MB = MAX_PHOTO_BYTES / 1024 / 1024;

type Props = {
  photos: PickedPhoto[];
  onChange: (photos: PickedPhoto[]) => void;
  onProblem: (message: string | null) => void;
  disabled: boolean;
  describedBy?: string;
  invalid?: true;
  id: string;
};

export function PhotoPicker({ photos, onChange, onProblem, disabled, id, describedBy, invalid }: Props) {
  const t = useTranslations("request.form");
  const latest = useRef(photos);
  useEffect(() => {
    latest.current = photos;
  }, [photos]);
  // The previews' object URLs are freed when the form goes.
  useEffect(() => () => latest.current.forEach((photo) => URL.revokeObjectURL(photo.preview)), []);

  function add(event: React.ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    // The list is the form's now; the input is emptied so the form never posts the files itself.
    event.target.value = "";
    const next = [...photos];
    let problem: string | null = null;
    for (const file of chosen) {
      if (next.length >= MAX_PHOTOS_PER_REQUEST) problem = t("photoTooMany", { count: MAX_PHOTOS_PER_REQUEST });
      else if (file.size > MAX_PHOTO_BYTES) problem = t("photoTooLarge", { name: file.name, mb: MB });
      else if (!(ACCEPTED_PHOTO_TYPES as readonly string[]).includes(file.type)) problem = t("photoWrongType", { name: file.name });
      else next.push({ key: `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`, file, preview: URL.createObjectURL(file), progress: null, sent: false });
    }
    onProblem(problem);
    onChange(next);
  }

  function remove(key: string) {
    const photo = photos.find((item) => item.key === key);
    if (photo) URL.revokeObjectURL(photo.preview);
    onProblem(null);
    onChange(photos.filter((item) => item.key !== key));
  }

  return (
    <>
      <input
        id={id}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        type="file"
        name={PHOTOS_FIELD}
        multiple
        accept={PHOTO_INPUT_ACCEPT}
        className={styles.file}
        disabled={disabled || photos.length >= MAX_PHOTOS_PER_REQUEST}
        onChange={add}
      />
      {photos.length > 0 ? (
        <ul className={styles.photoList} aria-label={t("photo")}>
          {photos.map((photo) => (
            <li key={photo.key} className={styles.photoItem}>
              {/* eslint-disable-next-line @next/next/no-img-element -- a local preview (blob:), nothing to optimise */}
              <img src={photo.preview} alt="" width={64} height={64} className={styles.photoPreview} />
              <span className={styles.photoName}>{photo.file.name}</span>
              {photo.progress !== null ? (
                <progress max={100} value={photo.progress} aria-label={photo.sent ? t("photoSent", { name: photo.file.name }) : t("photoProgress", { name: photo.file.name })} />
              ) : (
                <button type="button" className={styles.photoRemove} onClick={() => remove(photo.key)} disabled={disabled}>
                  {t("photoRemove", { name: photo.file.name })}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** Sends one photo to the request's photo route, reporting progress; resolves with null or the API's message. */
function uploadOne(requestId: string, file: File, onProgress: (percent: number) => void): Promise<string | null> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/requests/${requestId}/photos`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status === 201) return resolve(null);
      try {
        resolve((JSON.parse(xhr.responseText) as { error: { message: string } }).error.message);
      } catch {
        resolve(String(xhr.status));
      }
    };
    xhr.onerror = () => resolve("network");
    const body = new FormData();
    body.append("photo", file);
    xhr.send(body);
  });
}

/** Sends the picked photos one after another once the request is stored; resolves with the first failure's message, or null. */
export async function uploadPickedPhotos(requestId: string, photos: PickedPhoto[], update: (key: string, change: Partial<PickedPhoto>) => void): Promise<string | null> {
  let failure: string | null = null;
  for (const photo of photos) {
    update(photo.key, { progress: 0 });
    const problem = await uploadOne(requestId, photo.file, (progress) => update(photo.key, { progress }));
    if (problem) failure ??= problem;
    else update(photo.key, { progress: 100, sent: true });
  }
  return failure;
}
