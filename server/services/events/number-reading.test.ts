import { describe, expect, it } from 'vitest';
import type { TextLine, TextReading } from '../../media/ocr/types';
import { confidentNumber, type NumberReading, readStartNumbers } from './number-reading';

/** A line of text read at (x, y), `height` px tall, in a 1600×1067 frame. */
function line(text: string, confidence = 0.99, height = 100, x = 700, y = 500): TextLine {
  const width = Math.max(height, text.length * height * 0.6);
  return {
    text,
    confidence,
    box: [
      [x, y],
      [x + width, y],
      [x + width, y + height],
      [x, y + height],
    ],
  };
}

function frame(...lines: TextLine[]): TextReading {
  return { lines, width: 1600, height: 1067 };
}

const START_LIST = new Set(['2', '3', '7', '12', '54', '127', '128', '1234', '007']);

describe('readStartNumbers', () => {
  const table: Array<[string, string, string[]]> = [
    ['a pad with its number', '127', ['127']],
    ['a one-digit number', '7', ['7']],
    ['a four-digit number', '1234', ['1234']],
    ['surrounding punctuation', '|127.', ['127']],
    ['full-width digits', '１２７', ['127']],
    ['a letter before the digits', 'A12', []],
    ['a letter after the digits', '12B', []],
    ['digits inside a word', 'Arena2', []],
    ['digits between letters', 'R2D2', []],
    ['an arena sign', 'ARENA 2', []],
    ['a fence sign', 'Fence 7', []],
    ['a sign in Hebrew', 'מקצה 3', []],
    ['a dashed phone number', '052-1234567', []],
    ['an international phone number', '+972 54 765 4321', []],
    ['a phone number read without spaces', '0521234567', []],
    ['a long digit run', '1271271', []],
    ['a number not on the start list', '999', []],
    ['a leading zero the list does not have', '0127', []],
    ['a leading zero the list has', '007', ['007']],
    ['five digits', '12345', []],
    ['a banner with a year', 'SPRING CUP 2025', []],
    ['a lone letter from a pad edge', 'I 127', ['127']],
    ['two numbers on one line', '127 128', ['127', '128']],
  ];
  it.each(table)('%s: "%s"', (_, text, expected) => {
    expect(readStartNumbers(frame(line(text)), START_LIST).map((reading) => reading.number)).toEqual(expected);
  });

  it('keeps the confidence and the box of each number', () => {
    expect(readStartNumbers(frame(line('127', 0.97, 100, 700, 500)), START_LIST)).toEqual([
      { number: '127', confidence: 0.97, box: { x: 700, y: 500, width: 180, height: 100 } },
    ]);
  });

  it('drops a reading below the confidence floor and a number too small to be a pad', () => {
    expect(readStartNumbers(frame(line('127', 0.7)), START_LIST)).toEqual([]);
    expect(readStartNumbers(frame(line('7', 0.99, 25)), START_LIST)).toEqual([]);
  });

  it('puts the tallest number first', () => {
    const readings = readStartNumbers(frame(line('54', 0.99, 40, 100, 100), line('127', 0.95, 120)), START_LIST);
    expect(readings.map((reading) => reading.number)).toEqual(['127', '54']);
  });

  it('without a start list takes any 1–4 digit number without a leading zero', () => {
    const numbers = (text: string) => readStartNumbers(frame(line(text)), null).map((reading) => reading.number);
    expect(numbers('999')).toEqual(['999']);
    expect(numbers('007')).toEqual([]);
    expect(numbers('ARENA 2')).toEqual([]);
  });
});

function reading(number: string, confidence: number, height: number): NumberReading {
  return { number, confidence, box: { x: 0, y: 0, width: height, height } };
}

describe('confidentNumber', () => {
  it('places by a sure reading of one number, also when it is read twice (pad and bridle)', () => {
    expect(confidentNumber([reading('127', 0.99, 120)], START_LIST)).toBe('127');
    expect(confidentNumber([reading('127', 0.99, 120), reading('127', 0.92, 40)], START_LIST)).toBe('127');
  });

  it('places nothing from an unsure reading', () => {
    expect(confidentNumber([reading('127', 0.85, 120)], START_LIST)).toBeNull();
    expect(confidentNumber([], START_LIST)).toBeNull();
  });

  it('places nothing when two different numbers of comparable size are read', () => {
    expect(confidentNumber([reading('127', 0.99, 120), reading('128', 0.99, 110)], START_LIST)).toBeNull();
    // An unsure rival still makes the frame ambiguous: the second pad may be another rider's.
    expect(confidentNumber([reading('127', 0.99, 120), reading('12', 0.82, 100)], START_LIST)).toBeNull();
  });

  it('lets a much larger number win over a small one', () => {
    expect(confidentNumber([reading('127', 0.99, 120), reading('54', 0.99, 40)], START_LIST)).toBe('127');
  });

  it('never places a number off the start list, and asks more of a reading without one', () => {
    expect(confidentNumber([reading('999', 0.99, 120)], START_LIST)).toBeNull();
    expect(confidentNumber([reading('999', 0.99, 120)], null)).toBe('999');
    expect(confidentNumber([reading('999', 0.92, 120)], null)).toBeNull();
  });
});
