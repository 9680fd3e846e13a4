// A picture drawn on the server: next/image's own attributes (its srcset, sizes, lazy loading and
// decoding) on a plain <img>, through `getImageProps`. next/image's component is a client component,
// so using it anywhere on a page puts its script on that page; these pictures change nothing after
// load (no placeholder, no onLoad), so they need none. `preload` asks React to preload the picture from
// the document's <head>, as next/image does for a picture above the fold.
import { getImageProps, type ImageProps } from "next/image";
import { preload as preloadResource } from "react-dom";

/** The <img> attributes next/image would render for these props. */
export function staticImageProps(props: ImageProps): React.ComponentProps<"img"> {
  const { props: attributes } = getImageProps(props);
  return attributes;
}

export function StaticImage({ alt, ...props }: ImageProps) {
  const attributes = staticImageProps({ alt, ...props });
  if (props.preload && typeof attributes.src === "string") {
    preloadResource(attributes.src, {
      as: "image",
      imageSrcSet: attributes.srcSet,
      imageSizes: attributes.sizes,
      fetchPriority: attributes.fetchPriority,
    });
  }
  // eslint-disable-next-line @next/next/no-img-element -- next/image's attributes, rendered without its client script
  return <img alt={alt} {...attributes} />;
}
