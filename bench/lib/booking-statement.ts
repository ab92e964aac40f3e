// The booking statement as the bench's own clients send it (the raw server, and the statement-alone
// run): the database function book_instance for a Bearer session's token hash, prepared once per
// connection, as the app's (lib/bookings/book-instance.ts).
export const BOOK_SQL = `SELECT * FROM book_instance($1, false, $2, 'book', $3, NULL, NULL, false)`;
