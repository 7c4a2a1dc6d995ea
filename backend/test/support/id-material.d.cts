/** Types of id-material.cjs: generated identity material for the ID check's tests, bench and e2e run. */
export interface MaterialPerson {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  /** YYYY-MM-DD */
  expiry: string;
  number: string;
  /** A face of FACE_IDS, or null for a document without a portrait. */
  face: string | null;
  /** Licence: the state's name in the header ('CALIFORNIA'). */
  stateName?: string;
  /** Licence: the AAMVA jurisdiction ('CA', 'ON'). */
  jurisdiction?: string;
  /** Licence: 'USA' (default) or 'CAN'. */
  country?: 'USA' | 'CAN';
  iin?: string;
  issued?: string;
  /** Passport: the ICAO nationality code ('USA'). */
  nationality?: string;
  sex?: 'M' | 'F';
}
export type BrokenDigit = 'birthDate' | 'documentNumber' | 'expiry' | 'composite';
export declare const FACE_IDS: string[];
export declare function portrait(id: string, width?: number, height?: number): Promise<Buffer>;
export declare function selfieFrames(id: string, options?: { turn?: boolean }): Promise<[Buffer, Buffer]>;
export declare function photosOfDocument(document: Buffer): Promise<[Buffer, Buffer]>;
export declare function licenceFront(person: MaterialPerson): Promise<Buffer>;
export declare function licenceBack(text: string): Promise<Buffer>;
export declare function aamvaText(person: MaterialPerson): string;
export declare function passportMrz(person: MaterialPerson, broken?: BrokenDigit): [string, string];
export declare function passportPage(person: MaterialPerson, broken?: BrokenDigit): Promise<Buffer>;
export declare function checkDigit(s: string): string;
