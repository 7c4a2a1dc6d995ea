/** The stored key and the public path of a player's profile picture (the path is what `profile_picture` holds). */
export const profilePictureKey = (userId: number) => `profile-pictures/${userId}.jpg`;
export const uploadsPath = (key: string) => `uploads/${key}`;
