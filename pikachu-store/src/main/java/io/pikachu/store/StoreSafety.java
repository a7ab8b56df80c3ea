package io.pikachu.store;

import io.pikachu.core.binmap.UntrustedBinMapException;
import java.io.IOException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Who may write where Pikachu reads its instructions from. A job's bin maps tell its reducers which
 * keys to merge, and its decision record what the AM decided: whoever can write them controls the
 * job's output. So Pikachu's directories must be the job user's and writable by nobody else, and a
 * shared parent (a cluster-wide {@code pikachu.binmap.dir}) must not let other users rename a job's
 * directory away: not writable by group or others, or sticky as /tmp is.
 */
public final class StoreSafety {
  /** rwx------: what Pikachu creates its directories with. */
  static final FsPermission OWNER_ONLY = new FsPermission((short) 0700);

  /** A directory or file that another user owns or may write. */
  public static final class UnsafeStoreException extends UntrustedBinMapException {
    private static final long serialVersionUID = 1L;

    UnsafeStoreException(String message) {
      super(message);
    }
  }

  private final String user;

  StoreSafety(FileSystem fs) {
    this.user = jobUser(fs);
  }

  /**
   * The name files of this job carry as their owner on {@code fs}: the job user on a cluster file
   * system (tasks and the AM run as that user there), the process's own user on the local one.
   */
  static String jobUser(FileSystem fs) {
    if (fs instanceof RawLocalFileSystem) {
      return System.getProperty("user.name");
    }
    try {
      return UserGroupInformation.getCurrentUser().getShortUserName();
    } catch (IOException e) {
      throw new IllegalStateException("cannot tell the job's user", e);
    }
  }

  /**
   * Creates {@code dir} owner-only if it is missing, and checks that it is the job user's and
   * writable by nobody else.
   */
  static void prepareOwnDirectory(FileSystem fs, org.apache.hadoop.fs.Path dir) throws IOException {
    createOwnerOnly(fs, dir);
    new StoreSafety(fs).checkOwnDirectory(fs.getFileStatus(dir));
  }

  /** Creates {@code dir}, readable and writable by its owner alone, unless it exists. */
  static void createOwnerOnly(FileSystem fs, org.apache.hadoop.fs.Path dir) throws IOException {
    if (!fs.exists(dir)) {
      fs.mkdirs(dir, OWNER_ONLY);
      fs.setPermission(dir, OWNER_ONLY);
    }
  }

  /**
   * Prepares a directory for copies of decision records, which outlive the job and are read by
   * reports, not by the job: the job user's own (created owner-only when missing), or one shared by
   * every user with the sticky bit, as /tmp is, where each job's file stays its writer's.
   *
   * @throws UnsafeStoreException naming the directory, when it is neither
   */
  public static void prepareCopyDirectory(FileSystem fs, org.apache.hadoop.fs.Path dir)
      throws IOException {
    createOwnerOnly(fs, dir);
    FileStatus status = fs.getFileStatus(dir);
    FsPermission p = status.getPermission();
    if (p.getStickyBit() && p.getOtherAction().implies(FsAction.WRITE)) {
      return; // shared drop box: others can add files, not replace this job's
    }
    new StoreSafety(fs).checkOwnDirectory(status);
  }

  /** A directory of this job's own: the job user's, writable by nobody else. */
  void checkOwnDirectory(FileStatus dir) throws UnsafeStoreException {
    checkOwner(dir);
    if (writableByOthers(dir.getPermission())) {
      throw new UnsafeStoreException(
          "Pikachu's directory "
              + dir.getPath()
              + " is writable by group or others ("
              + dir.getPermission()
              + "): another user could change what this job's reducers merge. Make it owner-only"
              + " (chmod 700), or let Pikachu create it");
    }
  }

  /** A file in a directory of this job's: written by the job user. */
  void checkOwnFile(FileStatus file) throws UnsafeStoreException {
    checkOwner(file);
  }

  /**
   * The parent of a job's directory, shared by every job of the cluster: others may create their
   * own directories in it only if the sticky bit keeps them from renaming or deleting this job's.
   */
  void checkSharedParent(FileStatus parent) throws UnsafeStoreException {
    if (writableByOthers(parent.getPermission()) && !parent.getPermission().getStickyBit()) {
      throw new UnsafeStoreException(
          "Pikachu's base directory "
              + parent.getPath()
              + " is writable by group or others without the sticky bit ("
              + parent.getPermission()
              + "): another user could replace a job's directory in it. Set the sticky bit (chmod"
              + " 1777, as /tmp) or make it owner-only");
    }
  }

  private void checkOwner(FileStatus status) throws UnsafeStoreException {
    if (!user.equals(status.getOwner())) {
      throw new UnsafeStoreException(
          "Pikachu's "
              + (status.isDirectory() ? "directory " : "file ")
              + status.getPath()
              + " is owned by "
              + status.getOwner()
              + ", not by the job's user "
              + user
              + ": refusing to follow what another user wrote");
    }
  }

  private static boolean writableByOthers(FsPermission p) {
    return p.getGroupAction().implies(FsAction.WRITE) || p.getOtherAction().implies(FsAction.WRITE);
  }
}
