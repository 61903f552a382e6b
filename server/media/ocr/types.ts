/** One line of text the OCR models found in a picture, in the picture's own pixels. */
export interface TextLine {
  text: string;
  /** The recogniser's mean confidence over the line's characters, 0–1. */
  confidence: number;
  /** The line's four corners, clockwise from the top left: [x, y] each. A tilted line has a tilted box. */
  box: Array<[number, number]>;
}

/** What reading a picture gives: its lines and the size of the picture they were read in. */
export interface TextReading {
  lines: TextLine[];
  width: number;
  height: number;
}

/** Reads the text in a picture (JPEG, WebP or PNG bytes). Loaded on first use: the models take ~200 MB. */
export interface TextReader {
  read(picture: Buffer): Promise<TextReading>;
}
