pub const MARK_SCANNED: u8 = 1;
pub const MARK_JUMP_POINT: u8 = 2;
pub const MARK_FORCED: u8 = 4;
pub const MARK_BACKWARD: u8 = 8;
pub const MARK_MEETING: u8 = 16;
pub const MARK_ON_STACK: u8 = 32;
pub const MARK_PRUNED: u8 = 64;
