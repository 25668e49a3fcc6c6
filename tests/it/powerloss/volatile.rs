//! A filesystem with real fsync semantics and a power switch (FUSE, through the `fuser` crate).
//!
//! What a program writes is kept in memory (the volatile layer, like a disk's and the kernel's
//! caches) and reaches the backing directory (the platter) only when the program makes it
//! durable:
//! - `fsync`/`fdatasync` of a file writes the blocks written since its last sync, and its
//!   length, to the backing directory;
//! - `fsync` of a directory makes its entries as they are now durable: a file created,
//!   renamed or removed survives a power cut only once its directory was synced.
//!
//! Cutting the power ([`Volatile::cut_power`]) unmounts and mounts again from the backing
//! directory alone: whatever was not made durable is gone, whatever was is there, exactly as
//! POSIX promises and no more (a file whose directory entry was never synced disappears, even
//! though its data was). [`Volatile::lie_about_fsync`] makes fsync answer success without
//! making anything durable, which is what a database with `synchronous=OFF` (or a disk that
//! lies) amounts to: the test must then see acknowledged writes lost.
//!
//! The backing directory holds one file per inode (`data/INO`, the synced blocks) and `tree`,
//! the synced directory entries and each inode's kind, mode and owner.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::ffi::{OsStr, OsString};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write as _};
use std::os::unix::ffi::{OsStrExt as _, OsStringExt as _};
use std::os::unix::fs::FileExt as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

use fuser::{
    AccessFlags, BackgroundSession, Config, Errno, FileAttr, FileHandle, FileType, FopenFlags,
    Generation, INodeNo, LockOwner, MountOption, OpenFlags, RenameFlags, ReplyAttr, ReplyCreate,
    ReplyData, ReplyDirectory, ReplyEmpty, ReplyEntry, ReplyOpen, ReplyStatfs, ReplyWrite, Request,
    SessionACL, TimeOrNow, WriteFlags,
};

const BLOCK: u64 = 4096;
const TTL: Duration = Duration::from_secs(1);
const ROOT: u64 = 1;

/// What the test sees of the mounted filesystem: fsync counts and the lying switch, shared
/// with the filesystem's thread.
#[derive(Default)]
pub struct Switches {
    /// fsync answers success but makes nothing durable.
    pub lying: AtomicBool,
    /// File and directory syncs made durable (not counting lies).
    pub syncs: AtomicU64,
}

/// A mounted volatile filesystem.
pub struct Volatile {
    mountpoint: PathBuf,
    backing: PathBuf,
    session: Option<BackgroundSession>,
    pub switches: Arc<Switches>,
    acl_all: bool,
}

impl Volatile {
    /// Mounts a filesystem at `mountpoint` (an empty directory) whose durable layer is
    /// `backing` (created when missing; an existing one is mounted as it is). `allow_other`
    /// lets users other than the mounting one in (PostgreSQL runs as its own user).
    pub fn mount(mountpoint: &Path, backing: &Path, allow_other: bool) -> io::Result<Volatile> {
        fs::create_dir_all(backing.join("data"))?;
        let mut volatile = Volatile {
            mountpoint: mountpoint.to_owned(),
            backing: backing.to_owned(),
            session: None,
            switches: Arc::new(Switches::default()),
            acl_all: allow_other,
        };
        volatile.start()?;
        Ok(volatile)
    }

    fn start(&mut self) -> io::Result<()> {
        let fs = Fs {
            state: Mutex::new(State::load(&self.backing)?),
            switches: Arc::clone(&self.switches),
        };
        let mut config = Config::default();
        config.mount_options = vec![
            MountOption::FSName("kontrakt-powerloss".into()),
            MountOption::DefaultPermissions,
        ];
        if self.acl_all {
            config.acl = SessionACL::All;
        }
        self.session = Some(fuser::spawn_mount(fs, &self.mountpoint, &config)?);
        Ok(())
    }

    /// Cuts the power: unmounts (every program writing to it must be dead by now, or at least
    /// have no file open), forgets the volatile layer, and mounts what the backing directory
    /// holds.
    pub fn cut_power(&mut self) -> io::Result<()> {
        self.unmount()?;
        self.start()
    }

    /// fsync from now on answers success without making anything durable.
    pub fn lie_about_fsync(&self, lie: bool) {
        self.switches.lying.store(lie, Ordering::SeqCst);
    }

    fn unmount(&mut self) -> io::Result<()> {
        let Some(session) = self.session.take() else {
            return Ok(());
        };
        // A process being reaped may hold a file open for a moment more (the mount is busy).
        let mut tries = 0;
        while let Err(e) = umount(&self.mountpoint) {
            tries += 1;
            if tries == 50 {
                self.session = Some(session);
                return Err(e);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        // The kernel ended the session: the filesystem's thread returns.
        let _ = session.join();
        Ok(())
    }
}

/// `umount MOUNTPOINT` (the mount command, as root), since the crate forbids the unsafe call.
fn umount(mountpoint: &Path) -> io::Result<()> {
    let status = std::process::Command::new("umount")
        .arg(mountpoint)
        .stderr(std::process::Stdio::null())
        .status()?;
    if status.success() {
        Ok(())
    } else {
        Err(io::Error::other(format!(
            "umount {} failed",
            mountpoint.display()
        )))
    }
}

impl Drop for Volatile {
    fn drop(&mut self) {
        if self.session.is_some() && self.unmount().is_err() {
            let _ = std::process::Command::new("umount")
                .arg("-l")
                .arg(&self.mountpoint)
                .status();
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The filesystem
// ---------------------------------------------------------------------------------------------

struct Fs {
    state: Mutex<State>,
    switches: Arc<Switches>,
}

struct Inode {
    dir: bool,
    /// A Unix socket's name (PostgreSQL's): a name and a mode, no data.
    socket: bool,
    perm: u16,
    uid: u32,
    gid: u32,
    nlink: u32,
    mtime: SystemTime,
    /// A file's content as programs see it now.
    data: Vec<u8>,
    /// Blocks written (or cut off) since the last sync.
    dirty: BTreeSet<u64>,
    /// A directory's entries as programs see them now.
    entries: BTreeMap<OsString, u64>,
}

impl Inode {
    fn new(dir: bool, perm: u16, uid: u32, gid: u32) -> Inode {
        Inode {
            dir,
            socket: false,
            perm,
            uid,
            gid,
            nlink: if dir { 2 } else { 1 },
            mtime: SystemTime::now(),
            data: Vec::new(),
            dirty: BTreeSet::new(),
            entries: BTreeMap::new(),
        }
    }

    fn attr(&self, ino: u64) -> FileAttr {
        let size = if self.dir {
            4096
        } else {
            self.data.len() as u64
        };
        FileAttr {
            ino: INodeNo(ino),
            size,
            blocks: size.div_ceil(512),
            atime: self.mtime,
            mtime: self.mtime,
            ctime: self.mtime,
            crtime: self.mtime,
            kind: if self.dir {
                FileType::Directory
            } else if self.socket {
                FileType::Socket
            } else {
                FileType::RegularFile
            },
            perm: self.perm,
            nlink: self.nlink,
            uid: self.uid,
            gid: self.gid,
            rdev: 0,
            blksize: BLOCK as u32,
            flags: 0,
        }
    }

    /// Marks the blocks of `[from, to)` as written since the last sync.
    fn touch(&mut self, from: u64, to: u64) {
        if to > from {
            self.dirty.extend(from / BLOCK..to.div_ceil(BLOCK));
        }
        self.mtime = SystemTime::now();
    }

    fn set_len(&mut self, len: u64) {
        let old = self.data.len() as u64;
        self.data.resize(len as usize, 0);
        self.touch(len.min(old), len.max(old));
    }

    fn write(&mut self, offset: u64, bytes: &[u8]) {
        let end = offset + bytes.len() as u64;
        if end > self.data.len() as u64 {
            self.set_len(end);
        }
        self.data[offset as usize..end as usize].copy_from_slice(bytes);
        self.touch(offset, end);
    }
}

struct State {
    backing: PathBuf,
    inodes: HashMap<u64, Inode>,
    next_ino: u64,
    /// Each directory's entries as last synced.
    durable: BTreeMap<u64, BTreeMap<OsString, u64>>,
}

impl State {
    /// What the backing directory holds: the synced tree and the synced data.
    fn load(backing: &Path) -> io::Result<State> {
        let mut meta: HashMap<u64, Inode> = HashMap::new();
        let mut durable: BTreeMap<u64, BTreeMap<OsString, u64>> = BTreeMap::new();
        let tree = backing.join("tree");
        if tree.exists() {
            for line in fs::read_to_string(&tree)?.lines() {
                let parts: Vec<&str> = line.split(' ').collect();
                match parts.as_slice() {
                    ["I", ino, kind, perm, uid, gid] => {
                        let mut inode = Inode::new(
                            *kind == "d",
                            perm.parse().map_err(io::Error::other)?,
                            uid.parse().map_err(io::Error::other)?,
                            gid.parse().map_err(io::Error::other)?,
                        );
                        inode.socket = *kind == "s";
                        meta.insert(ino.parse().map_err(io::Error::other)?, inode);
                    }
                    ["E", dir, child, name] => {
                        let name = OsString::from_vec(unhex(name));
                        durable
                            .entry(dir.parse().map_err(io::Error::other)?)
                            .or_default()
                            .insert(name, child.parse().map_err(io::Error::other)?);
                    }
                    _ => return Err(io::Error::other(format!("a broken tree line: {line}"))),
                }
            }
        }
        meta.entry(ROOT)
            .or_insert_with(|| Inode::new(true, 0o755, 0, 0));
        // Only what the synced entries reach from the root is there after a power cut.
        let mut inodes = HashMap::new();
        let mut stack = vec![ROOT];
        let mut kept_durable = BTreeMap::new();
        while let Some(ino) = stack.pop() {
            if let Some(inode) = inodes.get_mut(&ino) {
                // A second durable entry of the same file (a hard link).
                let inode: &mut Inode = inode;
                inode.nlink += 1;
                continue;
            }
            let Some(mut inode) = meta.remove(&ino) else {
                continue;
            };
            if inode.dir {
                let entries = durable.get(&ino).cloned().unwrap_or_default();
                stack.extend(entries.values().copied());
                inode.entries = entries.clone();
                kept_durable.insert(ino, entries);
            } else {
                let path = backing.join("data").join(ino.to_string());
                inode.data = fs::read(&path).unwrap_or_default();
            }
            inodes.insert(ino, inode);
        }
        let next_ino = inodes.keys().max().copied().unwrap_or(ROOT).max(
            // Never reuse the number of an inode whose data file is still in the backing
            // directory: the next file would inherit its synced blocks.
            fs::read_dir(backing.join("data"))?
                .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u64>().ok())
                .max()
                .unwrap_or(ROOT),
        ) + 1;
        Ok(State {
            backing: backing.to_owned(),
            inodes,
            next_ino,
            durable: kept_durable,
        })
    }

    fn inode(&self, ino: INodeNo) -> Result<&Inode, Errno> {
        self.inodes.get(&ino.0).ok_or(Errno::ENOENT)
    }

    fn inode_mut(&mut self, ino: INodeNo) -> Result<&mut Inode, Errno> {
        self.inodes.get_mut(&ino.0).ok_or(Errno::ENOENT)
    }

    fn dir(&self, ino: INodeNo) -> Result<&Inode, Errno> {
        let inode = self.inode(ino)?;
        if inode.dir {
            Ok(inode)
        } else {
            Err(Errno::ENOTDIR)
        }
    }

    fn child(&self, parent: INodeNo, name: &OsStr) -> Result<u64, Errno> {
        self.dir(parent)?
            .entries
            .get(name)
            .copied()
            .ok_or(Errno::ENOENT)
    }

    fn make(
        &mut self,
        parent: INodeNo,
        name: &OsStr,
        inode: Inode,
    ) -> Result<(u64, FileAttr), Errno> {
        if self.dir(parent)?.entries.contains_key(name) {
            return Err(Errno::EEXIST);
        }
        let ino = self.next_ino;
        self.next_ino += 1;
        let attr = inode.attr(ino);
        self.inodes.insert(ino, inode);
        let dir = self.inode_mut(parent)?;
        dir.entries.insert(name.to_owned(), ino);
        dir.mtime = SystemTime::now();
        Ok((ino, attr))
    }

    /// Writes a file's blocks written since its last sync, and its length, to the backing
    /// directory.
    fn sync_file(&mut self, ino: u64) -> io::Result<()> {
        let Some(inode) = self.inodes.get_mut(&ino) else {
            return Ok(());
        };
        if inode.dir {
            return self.sync_dir(ino);
        }
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(self.backing.join("data").join(ino.to_string()))?;
        let len = inode.data.len() as u64;
        for block in std::mem::take(&mut inode.dirty) {
            let start = block * BLOCK;
            if start >= len {
                continue;
            }
            let end = (start + BLOCK).min(len);
            file.write_all_at(&inode.data[start as usize..end as usize], start)?;
        }
        file.set_len(len)?;
        Ok(())
    }

    /// Makes a directory's entries as they are now durable: the tree file is rewritten (a
    /// new file renamed over the old in the backing directory, which no power cut of ours
    /// reaches).
    fn sync_dir(&mut self, ino: u64) -> io::Result<()> {
        let Some(inode) = self.inodes.get(&ino) else {
            return Ok(());
        };
        self.durable.insert(ino, inode.entries.clone());
        let mut text = String::new();
        let mut described = BTreeSet::new();
        for (dir, entries) in &self.durable {
            for (name, child) in entries {
                text.push_str(&format!("E {dir} {child} {}\n", hex(name.as_bytes())));
                described.insert(*child);
            }
            described.insert(*dir);
        }
        described.insert(ROOT);
        for ino in described {
            if let Some(inode) = self.inodes.get(&ino) {
                let kind = match (inode.dir, inode.socket) {
                    (true, _) => "d",
                    (false, true) => "s",
                    (false, false) => "f",
                };
                text.push_str(&format!(
                    "I {ino} {kind} {} {} {}\n",
                    inode.perm, inode.uid, inode.gid
                ));
            }
        }
        let fresh = self.backing.join("tree.new");
        let mut file = File::create(&fresh)?;
        file.write_all(text.as_bytes())?;
        drop(file);
        fs::rename(fresh, self.backing.join("tree"))
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len() / 2)
        .filter_map(|i| u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok())
        .collect()
}

fn io_errno(e: &io::Error) -> Errno {
    e.raw_os_error().map_or(Errno::EIO, Errno::from_i32)
}

impl Fs {
    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn sync(&self, ino: INodeNo, reply: ReplyEmpty) {
        if self.switches.lying.load(Ordering::SeqCst) {
            return reply.ok();
        }
        match self.state().sync_file(ino.0) {
            Ok(()) => {
                self.switches.syncs.fetch_add(1, Ordering::Relaxed);
                reply.ok()
            }
            Err(e) => reply.error(io_errno(&e)),
        }
    }
}

impl fuser::Filesystem for Fs {
    fn lookup(&self, _req: &Request, parent: INodeNo, name: &OsStr, reply: ReplyEntry) {
        let state = self.state();
        match state.child(parent, name) {
            Ok(ino) => reply.entry(&TTL, &state.inodes[&ino].attr(ino), Generation(0)),
            Err(e) => reply.error(e),
        }
    }

    fn getattr(&self, _req: &Request, ino: INodeNo, _fh: Option<FileHandle>, reply: ReplyAttr) {
        match self.state().inode(ino) {
            Ok(inode) => reply.attr(&TTL, &inode.attr(ino.0)),
            Err(e) => reply.error(e),
        }
    }

    fn setattr(
        &self,
        _req: &Request,
        ino: INodeNo,
        mode: Option<u32>,
        uid: Option<u32>,
        gid: Option<u32>,
        size: Option<u64>,
        _atime: Option<TimeOrNow>,
        mtime: Option<TimeOrNow>,
        _ctime: Option<SystemTime>,
        _fh: Option<FileHandle>,
        _crtime: Option<SystemTime>,
        _chgtime: Option<SystemTime>,
        _bkuptime: Option<SystemTime>,
        _flags: Option<fuser::BsdFileFlags>,
        reply: ReplyAttr,
    ) {
        let mut state = self.state();
        let inode = match state.inode_mut(ino) {
            Ok(inode) => inode,
            Err(e) => return reply.error(e),
        };
        if let Some(mode) = mode {
            inode.perm = (mode & 0o7777) as u16;
        }
        if let Some(uid) = uid {
            inode.uid = uid;
        }
        if let Some(gid) = gid {
            inode.gid = gid;
        }
        if let Some(size) = size {
            if inode.dir {
                return reply.error(Errno::EISDIR);
            }
            inode.set_len(size);
        }
        if let Some(mtime) = mtime {
            inode.mtime = match mtime {
                TimeOrNow::SpecificTime(t) => t,
                TimeOrNow::Now => SystemTime::now(),
            };
        }
        reply.attr(&TTL, &inode.attr(ino.0));
    }

    fn mkdir(
        &self,
        req: &Request,
        parent: INodeNo,
        name: &OsStr,
        mode: u32,
        umask: u32,
        reply: ReplyEntry,
    ) {
        let inode = Inode::new(true, (mode & !umask & 0o7777) as u16, req.uid(), req.gid());
        match self.state().make(parent, name, inode) {
            Ok((_, attr)) => reply.entry(&TTL, &attr, Generation(0)),
            Err(e) => reply.error(e),
        }
    }

    fn mknod(
        &self,
        req: &Request,
        parent: INodeNo,
        name: &OsStr,
        mode: u32,
        umask: u32,
        _rdev: u32,
        reply: ReplyEntry,
    ) {
        // Unix sockets only (bind(2) makes one); no devices or pipes.
        const S_IFMT: u32 = 0o170_000;
        const S_IFSOCK: u32 = 0o140_000;
        if mode & S_IFMT != S_IFSOCK {
            return reply.error(Errno::EPERM);
        }
        let mut inode = Inode::new(false, (mode & !umask & 0o7777) as u16, req.uid(), req.gid());
        inode.socket = true;
        match self.state().make(parent, name, inode) {
            Ok((_, attr)) => reply.entry(&TTL, &attr, Generation(0)),
            Err(e) => reply.error(e),
        }
    }

    fn create(
        &self,
        req: &Request,
        parent: INodeNo,
        name: &OsStr,
        mode: u32,
        umask: u32,
        _flags: i32,
        reply: ReplyCreate,
    ) {
        let inode = Inode::new(false, (mode & !umask & 0o7777) as u16, req.uid(), req.gid());
        match self.state().make(parent, name, inode) {
            Ok((_, attr)) => reply.created(
                &TTL,
                &attr,
                Generation(0),
                FileHandle(0),
                FopenFlags::empty(),
            ),
            Err(e) => reply.error(e),
        }
    }

    fn unlink(&self, _req: &Request, parent: INodeNo, name: &OsStr, reply: ReplyEmpty) {
        let mut state = self.state();
        let ino = match state.child(parent, name) {
            Ok(ino) => ino,
            Err(e) => return reply.error(e),
        };
        if state.inodes[&ino].dir {
            return reply.error(Errno::EISDIR);
        }
        if let Ok(dir) = state.inode_mut(parent) {
            dir.entries.remove(name);
        }
        if let Some(inode) = state.inodes.get_mut(&ino) {
            inode.nlink = inode.nlink.saturating_sub(1);
        }
        reply.ok();
    }

    fn rmdir(&self, _req: &Request, parent: INodeNo, name: &OsStr, reply: ReplyEmpty) {
        let mut state = self.state();
        let ino = match state.child(parent, name) {
            Ok(ino) => ino,
            Err(e) => return reply.error(e),
        };
        match state.dir(INodeNo(ino)) {
            Ok(dir) if !dir.entries.is_empty() => return reply.error(Errno::ENOTEMPTY),
            Ok(_) => {}
            Err(e) => return reply.error(e),
        }
        if let Ok(dir) = state.inode_mut(parent) {
            dir.entries.remove(name);
        }
        if let Some(inode) = state.inodes.get_mut(&ino) {
            inode.nlink = 0;
        }
        reply.ok();
    }

    fn rename(
        &self,
        _req: &Request,
        parent: INodeNo,
        name: &OsStr,
        newparent: INodeNo,
        newname: &OsStr,
        flags: RenameFlags,
        reply: ReplyEmpty,
    ) {
        let mut state = self.state();
        if flags.contains(RenameFlags::RENAME_EXCHANGE) {
            return reply.error(Errno::EINVAL);
        }
        let ino = match state.child(parent, name) {
            Ok(ino) => ino,
            Err(e) => return reply.error(e),
        };
        if let Err(e) = state.dir(newparent) {
            return reply.error(e);
        }
        if let Ok(old) = state.child(newparent, newname) {
            if flags.contains(RenameFlags::RENAME_NOREPLACE) {
                return reply.error(Errno::EEXIST);
            }
            if old == ino {
                return reply.ok();
            }
            let (old_dir, moving_dir) = (state.inodes[&old].dir, state.inodes[&ino].dir);
            if old_dir && !state.inodes[&old].entries.is_empty() {
                return reply.error(Errno::ENOTEMPTY);
            }
            if old_dir != moving_dir {
                return reply.error(if old_dir {
                    Errno::EISDIR
                } else {
                    Errno::ENOTDIR
                });
            }
            if let Some(inode) = state.inodes.get_mut(&old) {
                inode.nlink = inode.nlink.saturating_sub(1);
            }
        }
        if let Ok(dir) = state.inode_mut(parent) {
            dir.entries.remove(name);
            dir.mtime = SystemTime::now();
        }
        if let Ok(dir) = state.inode_mut(newparent) {
            dir.entries.insert(newname.to_owned(), ino);
            dir.mtime = SystemTime::now();
        }
        reply.ok();
    }

    fn open(&self, _req: &Request, ino: INodeNo, _flags: OpenFlags, reply: ReplyOpen) {
        match self.state().inode(ino) {
            Ok(_) => reply.opened(FileHandle(0), FopenFlags::empty()),
            Err(e) => reply.error(e),
        }
    }

    fn read(
        &self,
        _req: &Request,
        ino: INodeNo,
        _fh: FileHandle,
        offset: u64,
        size: u32,
        _flags: OpenFlags,
        _lock_owner: Option<LockOwner>,
        reply: ReplyData,
    ) {
        let state = self.state();
        match state.inode(ino) {
            Ok(inode) => {
                let len = inode.data.len() as u64;
                let start = offset.min(len) as usize;
                let end = (offset + u64::from(size)).min(len) as usize;
                reply.data(&inode.data[start..end]);
            }
            Err(e) => reply.error(e),
        }
    }

    fn write(
        &self,
        _req: &Request,
        ino: INodeNo,
        _fh: FileHandle,
        offset: u64,
        data: &[u8],
        _write_flags: WriteFlags,
        _flags: OpenFlags,
        _lock_owner: Option<LockOwner>,
        reply: ReplyWrite,
    ) {
        let mut state = self.state();
        match state.inode_mut(ino) {
            Ok(inode) if inode.dir => reply.error(Errno::EISDIR),
            Ok(inode) => {
                inode.write(offset, data);
                reply.written(data.len() as u32);
            }
            Err(e) => reply.error(e),
        }
    }

    fn flush(
        &self,
        _req: &Request,
        _ino: INodeNo,
        _fh: FileHandle,
        _lock_owner: LockOwner,
        reply: ReplyEmpty,
    ) {
        reply.ok();
    }

    fn fsync(
        &self,
        _req: &Request,
        ino: INodeNo,
        _fh: FileHandle,
        _datasync: bool,
        reply: ReplyEmpty,
    ) {
        self.sync(ino, reply);
    }

    fn readdir(
        &self,
        _req: &Request,
        ino: INodeNo,
        _fh: FileHandle,
        offset: u64,
        mut reply: ReplyDirectory,
    ) {
        let state = self.state();
        let dir = match state.dir(ino) {
            Ok(dir) => dir,
            Err(e) => return reply.error(e),
        };
        let mut all = vec![
            (ino.0, FileType::Directory, OsString::from(".")),
            (ROOT, FileType::Directory, OsString::from("..")),
        ];
        for (name, child) in &dir.entries {
            let kind = match state.inodes.get(child) {
                Some(inode) if inode.dir => FileType::Directory,
                Some(inode) if inode.socket => FileType::Socket,
                _ => FileType::RegularFile,
            };
            all.push((*child, kind, name.clone()));
        }
        for (i, (child, kind, name)) in all.into_iter().enumerate().skip(offset as usize) {
            if reply.add(INodeNo(child), i as u64 + 1, kind, name) {
                break;
            }
        }
        reply.ok();
    }

    fn fsyncdir(
        &self,
        _req: &Request,
        ino: INodeNo,
        _fh: FileHandle,
        _datasync: bool,
        reply: ReplyEmpty,
    ) {
        self.sync(ino, reply);
    }

    fn statfs(&self, _req: &Request, _ino: INodeNo, reply: ReplyStatfs) {
        reply.statfs(1 << 20, 1 << 19, 1 << 19, 1 << 20, 1 << 19, 4096, 255, 4096);
    }

    fn access(&self, _req: &Request, _ino: INodeNo, _mask: AccessFlags, reply: ReplyEmpty) {
        reply.ok();
    }

    fn fallocate(
        &self,
        _req: &Request,
        ino: INodeNo,
        _fh: FileHandle,
        offset: u64,
        length: u64,
        mode: i32,
        reply: ReplyEmpty,
    ) {
        if mode != 0 {
            return reply.error(Errno::EOPNOTSUPP);
        }
        let mut state = self.state();
        match state.inode_mut(ino) {
            Ok(inode) => {
                if offset + length > inode.data.len() as u64 {
                    inode.set_len(offset + length);
                }
                reply.ok();
            }
            Err(e) => reply.error(e),
        }
    }
}
